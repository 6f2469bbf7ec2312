import { BRAND } from '../platform/theme/theme';

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="quay-logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={BRAND} />
        <path
          d="M16 7a9 9 0 1 0 5.6 16.05l2.9 2.9 1.9-1.9-2.9-2.9A9 9 0 0 0 16 7Zm0 3.6a5.4 5.4 0 1 1 0 10.8 5.4 5.4 0 0 1 0-10.8Z"
          fill="#181A20"
        />
      </svg>
      <span className="quay-logo-text">Quay</span>
    </span>
  );
}
