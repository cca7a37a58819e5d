import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from './NavigationContext.ts';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Path (with query and hash) inside the app. */
  to: string;
  replace?: boolean;
};

/** Plain clicks stay in the app; modified clicks (new tab, download…) are left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download')
  );
}

/** An ordinary anchor (works without JavaScript and in new tabs) that navigates in place on plain clicks. */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, replace ? { replace } : {});
      }}
    >
      {children}
    </a>
  );
}
