/**
 * happy-dom has no document.fonts; Mantine's autosizing textarea listens to it for font loads.
 * An inert stand-in lets the mail composers render in component tests.
 */
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
