/**
 * Small marks of the OAuth providers for the sign-in buttons, drawn here as simple shapes (no icon
 * package, no request to another origin). They are decoration: the button's text names the provider, so
 * each mark is hidden from assistive technology. Single-colour marks use the text colour, so they read
 * in light and dark themes; a provider without a mark gets none.
 */
import type { ReactNode } from "react";

const marks: Record<string, ReactNode> = {
  google: (
    <g fill="none" strokeWidth="3">
      <path d="M18.13 6.86A8 8 0 0 0 5.87 6.86" stroke="#ea4335" />
      <path d="M5.87 6.86A8 8 0 0 0 5.87 17.14" stroke="#fbbc05" />
      <path d="M5.87 17.14A8 8 0 0 0 18.13 17.14" stroke="#34a853" />
      <path d="M18.13 17.14A8 8 0 0 0 20 12H12" stroke="#4285f4" />
    </g>
  ),
  microsoft: (
    <g>
      <rect x="3" y="3" width="8.5" height="8.5" fill="#f25022" />
      <rect x="12.5" y="3" width="8.5" height="8.5" fill="#7fba00" />
      <rect x="3" y="12.5" width="8.5" height="8.5" fill="#00a4ef" />
      <rect x="12.5" y="12.5" width="8.5" height="8.5" fill="#ffb900" />
    </g>
  ),
  github: (
    <g fill="currentColor">
      <circle cx="12" cy="12" r="10" />
      <path d="M7.5 15.5c0-2 .6-3.2 1.4-3.9L8.5 7.6l2.3 1.5a6 6 0 0 1 2.4 0l2.3-1.5-.4 4c.8.7 1.4 1.9 1.4 3.9v3.8a9.9 9.9 0 0 1-9 0z" fill="var(--lk-secondary, #fff)" />
    </g>
  ),
  gitlab: (
    <g>
      <path d="M12 21 3 13.5 5.5 4 8 11h8l2.5-7 2.5 9.5z" fill="#e24329" />
      <path d="M12 21 8 11h8z" fill="#fc6d26" />
    </g>
  ),
  bitbucket: (
    <g>
      <path d="M3 4h18l-2.6 16H5.6z" fill="#2684ff" />
      <path d="M9.6 9.5h4.8l-.8 5h-3.2z" fill="#ffffff" />
    </g>
  ),
  apple: (
    <g fill="currentColor">
      <path d="M12 8.2c-1.1-.9-2.4-1.3-3.6-1.1C5.9 7.5 4.5 9.8 4.8 13c.3 3.7 2.6 7.3 4.6 7.3.9 0 1.6-.5 2.6-.5s1.7.5 2.6.5c2 0 4.3-3.6 4.6-7.3.3-3.2-1.1-5.5-3.6-5.9-1.2-.2-2.5.2-3.6 1.1z" />
      <path d="M12.3 6.8c0-2 1.3-3.6 3.2-3.9.1 2-1.2 3.7-3.2 3.9z" />
    </g>
  ),
  x: <path d="M4 3.5h4.6l11.4 17H15.4zM18.7 3.5h1.8l-6.7 7.6-.9-1.3zM10.3 13.6l.9 1.3-6.3 5.6H3.1z" fill="currentColor" />,
  facebook: (
    <g>
      <circle cx="12" cy="12" r="10" fill="#1877f2" />
      <path d="M13.4 22v-7.6h2.4l.4-2.9h-2.8V9.8c0-.8.3-1.4 1.4-1.4h1.5V5.8a19 19 0 0 0-2.2-.1c-2.2 0-3.6 1.3-3.6 3.7v2.1H8.1v2.9h2.4V22z" fill="#ffffff" />
    </g>
  ),
  linkedin: (
    <g>
      <rect x="2.5" y="2.5" width="19" height="19" rx="3" fill="#0a66c2" />
      <circle cx="7.6" cy="7.4" r="1.6" fill="#ffffff" />
      <path d="M6.2 10h2.8v8H6.2zM10.8 10h2.7v1.2c.5-.8 1.5-1.4 2.8-1.4 2 0 3 1.3 3 3.6V18h-2.8v-4.1c0-1.1-.4-1.8-1.4-1.8s-1.6.7-1.6 1.8V18h-2.7z" fill="#ffffff" />
    </g>
  ),
  discord: (
    <g>
      <path d="M5.5 6.2A15 15 0 0 1 9.3 5l.5 1a14 14 0 0 1 4.4 0l.5-1a15 15 0 0 1 3.8 1.2c2 3 2.6 6 2.4 9a15 15 0 0 1-4.6 2.4l-1-1.6 1.6-.8-.4-.3a10 10 0 0 1-9 0l-.4.3 1.6.8-1 1.6a15 15 0 0 1-4.6-2.4c-.3-3.4.5-6.3 2.4-9z" fill="#5865f2" />
      <ellipse cx="9.2" cy="12.4" rx="1.5" ry="1.7" fill="#ffffff" />
      <ellipse cx="14.8" cy="12.4" rx="1.5" ry="1.7" fill="#ffffff" />
    </g>
  ),
  spotify: (
    <g>
      <circle cx="12" cy="12" r="10" fill="#1db954" />
      <g fill="none" stroke="#000000" strokeLinecap="round">
        <path d="M6.5 9.2c3.8-1.1 7.8-.8 11.2 1" strokeWidth="1.9" />
        <path d="M7.2 12.4c3.1-.8 6.3-.5 9 .9" strokeWidth="1.6" />
        <path d="M7.8 15.4c2.5-.6 4.9-.4 7 .7" strokeWidth="1.3" />
      </g>
    </g>
  ),
  twitch: (
    <g>
      <path d="M5 3 3.5 6.5v13h4.5V22l2.5-2.5h3.5L20.5 13V3z" fill="#9146ff" />
      <path d="M6.5 4.5h12.5v7.8l-3 3h-3.5l-2.5 2.5v-2.5H6.5z" fill="#ffffff" />
      <path d="M11 7.5h1.6v4.2H11zM15.2 7.5h1.6v4.2h-1.6z" fill="#9146ff" />
    </g>
  ),
};

/** The provider's mark (20 px, hidden from assistive technology), or null. */
export function ProviderMark({ provider }: { provider: string }) {
  const id = provider.toLowerCase();
  if (!Object.hasOwn(marks, id)) return null;
  return (
    <svg className="lk-button-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-lk-provider-mark={id}>
      {marks[id]}
    </svg>
  );
}
