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

/**
 * Where appointments need staff first: a staff member works at a location once they give one of
 * its services (or have hours there), so the way out is Setup -> Staff, then Setup -> Services;
 * the Staff hours panel beside the calendar then sets their hours.
 */
export function NoStaffHours() {
  const { t } = useTranslation();
  return (
    <Text>
      {t('dead_end.no_staff')}{' '}
      <Anchor component={Link} to="/setup/staff">
        {t('dead_end.add_staff')}
      </Anchor>{' '}
      <Anchor component={Link} to="/setup/services">
        {t('dead_end.staff_services')}
      </Anchor>{' '}
      {t('dead_end.staff_hours_here')}
    </Text>
  );
}
