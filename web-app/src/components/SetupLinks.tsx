import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a class needs a class service first: the words and a link to the setup screen that adds one. */
export function NoClassService() {
  const { t } = useTranslation();
  return (
    <Text>
      {t('dead_end.no_class_service')}{' '}
      <Anchor component={Link} to="/setup/services">
        {t('dead_end.add_class_service')}
      </Anchor>
    </Text>
  );
}

/** Where appointments need staff with hours first: a link to Setup -> Staff, which sets them. */
export function NoStaffHours() {
  const { t } = useTranslation();
  return (
    <Text>
      {t('dead_end.no_staff')}{' '}
      <Anchor component={Link} to="/setup/staff">
        {t('dead_end.add_staff_hours')}
      </Anchor>
    </Text>
  );
}
