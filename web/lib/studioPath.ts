/** The Studio's addresses: /studio and below, not /studio-cleaning (a page slug may start with "studio"). */
export function isStudioPath(path: string): boolean {
  return path === '/studio' || path.startsWith('/studio/')
}
