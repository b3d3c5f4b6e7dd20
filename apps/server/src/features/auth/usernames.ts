/**
 * Usernames are unique without regard to case (decision: two addresses with the same local part,
 * alice@one.example and alice@two.example, are two accounts and get two names). The first account
 * of a name keeps it; a later one takes the first free `<name>-<n>`, n from 2, as migration 0021
 * renamed the duplicates already there.
 */
export function firstFreeUsername(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()))
  if (!used.has(base.toLowerCase())) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
}
