import { Modal, type ModalProps } from '@mantine/core';

/** Mantine's Modal (a `dialog` named by its title) whose close button has a name for screen readers. */
export function Dialog(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
}
