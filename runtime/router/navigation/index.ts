/**
 * Routing on react-router-dom 7 (docs/adr/0019-server-rendered-first-paint.md). The routers, `Link`,
 * `useLocation` are react-router's own; `useNavigate` and `Navigate` add SPEC 2's two navigation rules:
 * the `?widget=` parameter survives every navigation, and a new page starts at its top.
 */
export {
  BrowserRouter,
  type BrowserRouterProps,
  type Location as RouterLocation,
  MemoryRouter,
  type MemoryRouterProps,
  StaticRouter,
  useLocation,
} from 'react-router-dom';
export { Link, type LinkProps } from './Link.tsx';
export { Navigate, type NavigateProps } from './Navigate.tsx';
export { type NavigateFunction, type NavigateOptions, useNavigate } from './useNavigate.ts';
