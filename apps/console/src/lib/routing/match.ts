/** A route's parameters by name (`:id` -> `id`; the rest of the path after a `*` as `*`). */
export type RouteParams = Readonly<Record<string, string | undefined>>

/** The form of a route's path: `/player/:mediaType/:id`, `/`, or `*` for any path. */
interface PathForm {
  pattern: RegExp
  names: string[]
}

const forms = new Map<string, PathForm>()

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A path's pattern, made once: segments match case-insensitively, a trailing slash is allowed. */
function formOf(path: string): PathForm {
  let form = forms.get(path)
  if (form) return form
  const names: string[] = []
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') {
        names.push('*')
        return '(?:/(.*))?'
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1))
        return '/([^/]+)'
      }
      return `/${escape(segment)}`
    })
  form = { pattern: new RegExp(`^${segments.join('')}/?$`, 'i'), names }
  forms.set(path, form)
  return form
}

/** A parameter as the screen reads it: `%2F` is `/`; text that is not valid escaping stays as it came. */
function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** The parameters of `pathname` (under the console's base) for the route `path`, or undefined when it does not match. */
export function matchPath(path: string, pathname: string): RouteParams | undefined {
  const { pattern, names } = formOf(path)
  const found = pattern.exec(pathname === '' ? '/' : pathname)
  if (!found) return undefined
  return Object.fromEntries(names.map((name, i) => [name, found[i + 1] === undefined ? (name === '*' ? '' : undefined) : decodeParam(found[i + 1]!)]))
}

/** The first route of `routes` whose path matches `pathname`, with its parameters. */
export function firstMatch<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: RouteParams } | undefined {
  for (const route of routes) {
    const params = matchPath(route.path, pathname)
    if (params) return { route, params }
  }
  return undefined
}
