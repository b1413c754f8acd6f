import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's accessible name. */
  title: string;
  size?: string;
  withCloseButton?: boolean;
  closeOnClickOutside?: boolean;
  closeOnEscape?: boolean;
  children: ReactNode;
}

/**
 * Mantine's Modal (a `dialog` named by its title) with two accessibility fixes: its header is a
 * plain element (Mantine's <header> would be a second `banner` landmark beside the app's), and its
 * close button has a name. It opens without an animation: half-faded text fails a contrast check
 * and the desk gains nothing from waiting.
 */
export function Dialog({ opened, onClose, title, size, withCloseButton = true, closeOnClickOutside = true, closeOnEscape = true, children }: DialogProps) {
  const { t } = useTranslation();
  const plainHeader = { component: 'div' } as object;
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} closeOnClickOutside={closeOnClickOutside} closeOnEscape={closeOnEscape} transitionProps={{ duration: 0 }}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...plainHeader}>
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          {withCloseButton ? <Modal.CloseButton aria-label={t('close')} /> : null}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
