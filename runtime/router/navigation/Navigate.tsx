import { useEffect } from 'react';
import { useNavigate } from './useNavigate.ts';

export interface NavigateProps {
  to: string;
  replace?: boolean;
}

/** Redirects once rendered (keeping `?widget=`); a redirect replaces the entry so that "back" skips it. */
export function Navigate({ to, replace = false }: NavigateProps) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
