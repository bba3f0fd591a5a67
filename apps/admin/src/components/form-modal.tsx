import { Modal, type ModalProps } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { confirmAction } from './confirm';

type DirtyCheck = () => boolean;

/** Where the forms inside a FormModal say how to tell that they have changes not saved. */
const FormModalDirtyChecks = createContext<Set<DirtyCheck> | null>(null);

/**
 * Called by `useApiForm`: inside a FormModal, the modal asks this form whether it has changes
 * before it closes. Outside one, it does nothing.
 */
export function useReportDirtyToFormModal(isDirty: DirtyCheck): void {
  const checks = useContext(FormModalDirtyChecks);
  useEffect(() => {
    if (!checks) return;
    checks.add(isDirty);
    return () => {
      checks.delete(isDirty);
    };
  });
}

/**
 * A modal holding a form. Closing it by accident (Escape, a click outside, the close button)
 * while the form has changes not saved asks first, and closing or reloading the tab gets the
 * browser's own warning: an outside audit typed a whole offer, pressed Escape and lost it. The
 * form's own Cancel button and a successful save close it at once (they call `onClose`
 * themselves). The form tells the modal its state through `useApiForm`; a modal whose form lives
 * outside it passes `isDirty`.
 */
export function FormModal({
  opened,
  onClose,
  isDirty,
  ...props
}: ModalProps & {
  isDirty?: DirtyCheck;
}) {
  const [reported] = useState(() => new Set<DirtyCheck>());
  const asking = useRef(false);
  const hasChanges = () => (isDirty?.() ?? false) || [...reported].some((check) => check());

  const requestClose = () => {
    if (!hasChanges()) {
      onClose();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void confirmAction({
      title: 'Discard your changes?',
      message: 'What you have entered in this form is not saved. Close it now and it is lost.',
      confirmLabel: 'Discard changes',
    }).then((discard) => {
      asking.current = false;
      if (discard) onClose();
    });
  };

  useEffect(() => {
    if (!opened) return;
    // Set up again on every render, so it reads this render's `isDirty`.
    const warn = (event: BeforeUnloadEvent) => {
      if (hasChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  });

  return (
    <FormModalDirtyChecks.Provider value={reported}>
      <Modal opened={opened} onClose={requestClose} {...props} />
    </FormModalDirtyChecks.Provider>
  );
}
