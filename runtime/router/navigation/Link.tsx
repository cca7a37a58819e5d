import type { MouseEvent } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router-dom';
import { useNavigate } from './useNavigate.ts';

export type LinkProps = Omit<RouterLinkProps, 'to'> & {
  /** Path (with query and hash) inside the app. */
  to: string;
};

/** Plain clicks stay in the app; modified clicks (new tab, download…) are left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download')
  );
}

/**
 * react-router's Link (an ordinary anchor that works without JavaScript and in new tabs); a plain click
 * navigates through our navigate, so that `?widget=` survives and the new page starts at its top.
 */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <RouterLink
      {...rest}
      to={to}
      replace={replace}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, replace ? { replace } : {});
      }}
    />
  );
}
