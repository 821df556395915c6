import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * A dialog holding a form: the whole screen on a phone, where a long form needs the room. Its close
 * button is named by the theme, in the language shown.
 */
export function FormModal(props: ModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return <Modal size="lg" fullScreen={phone} {...props} />;
}
