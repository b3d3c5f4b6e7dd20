import { useCallback, useMemo, type ComponentProps } from 'react'
import { Link as WouterLink, Redirect, useLocation } from 'wouter'
import { useShownRoute } from './shown-route'

/**
 * What the console's screens use to read and change the address: links,
 * redirects, `navigate`, the route's parameters and query. Addresses are
 * paths under the console's base (`/feeds` is `/console/feeds`), made by
 * wouter's router (RouteView.tsx); a screen never imports the router itself.
 */

export type NavigateOptions = { replace?: boolean }

/** A link inside the console: a plain `<a href>` that a click (without a modifier key) follows in place. */
export function Link(props: { to: string; replace?: boolean } & Omit<ComponentProps<'a'>, 'href'>) {
  return <WouterLink {...props} />
}

/** A link that says whether it leads to the screen shown (`aria-current="page"`, and `isActive` for its look); `end` for `/`. */
export function NavLink({ to, end, className, ...rest }: { to: string; end?: boolean; className: (state: { isActive: boolean }) => string } & Omit<ComponentProps<'a'>, 'href' | 'className'>) {
  const { pathname } = useShownRoute()
  const here = pathname.toLowerCase().replace(/(.)\/$/, '$1')
  const target = to.toLowerCase()
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`))
  return <WouterLink to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...rest} />
}

/** Goes to `to` as soon as it is rendered. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />
}

/** `navigate('/feeds')`, `navigate('/', { replace: true })`, or `navigate(-1)` for the browser's Back. */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const [, navigate] = useLocation()
  return useCallback((to: string | number, options?: NavigateOptions) => (typeof to === 'number' ? history.go(to) : navigate(to, options)), [navigate])
}

/** The shown route's parameters (`:id` of `/rss/:id`), decoded. */
export function useParams<P extends string = string>(): Readonly<Partial<Record<P, string>>> {
  return useShownRoute().params as Readonly<Partial<Record<P, string>>>
}

/**
 * The address's path under the console's base, as soon as it changes: the
 * shown route (its parameters, its query, the sidebar's mark) changes only
 * once the next screen's code has come, which can be after the learner has
 * done something else.
 */
export function useAddressPath(): string {
  return useLocation()[0]
}

type SearchParamsInit = URLSearchParams | string | Record<string, string> | Array<[string, string]>

/** The shown route's query, and a setter that goes to the same path with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const { pathname, search } = useShownRoute()
  const [, navigate] = useLocation()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString()
      navigate(`${pathname}${query ? `?${query}` : ''}`, options)
    },
    [navigate, pathname, search],
  )
  return [params, setParams]
}
