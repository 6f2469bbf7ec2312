import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A link that looks like an antd button: a real <a href> (new tab, copy
 * link), navigated inside the app on a plain click. A <button> inside an <a>
 * would be invalid markup and two tab stops.
 */
export function ButtonLink({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(e: MouseEvent<HTMLElement>) => {
        onClick?.(e);
        const modified = e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0;
        if (e.defaultPrevented || modified) return;
        e.preventDefault();
        void navigate(to);
      }}
    />
  );
}
