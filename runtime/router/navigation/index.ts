export { BrowserRouter, type BrowserRouterProps } from './BrowserRouter.tsx';
export { Link, type LinkProps } from './Link.tsx';
export { MemoryRouter, type MemoryRouterProps } from './MemoryRouter.tsx';
export { Navigate, type NavigateProps } from './Navigate.tsx';
export {
  type NavigateFunction,
  type NavigateOptions,
  type RouterLocation,
  useLocation,
  useNavigate,
} from './NavigationContext.ts';
