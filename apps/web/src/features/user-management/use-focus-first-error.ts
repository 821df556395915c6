import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, move the focus to the first field marked invalid, so keyboard and
 * screen-reader users land on what needs fixing instead of hunting for it.
 */
export function useFocusFirstError() {
  const formRef = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  return { formRef, focusFirstError: () => setRequest((n) => n + 1) };
}
