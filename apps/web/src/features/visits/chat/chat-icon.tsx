/** A speech bubble (24×24, stroke in the text colour); decorative, the button is labelled. */
export function ChatIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      <path d="M4 5h16v11H9l-5 4z" />
    </svg>
  );
}
