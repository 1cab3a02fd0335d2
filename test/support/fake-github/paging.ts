/**
 * GitHub's pagination for every list the fake serves: `per_page` (default 30, at most 100) items
 * from `page` (default 1), and a `link` header naming the `next`, `last`, `first` and `prev` pages
 * that exist, each the request's own URL with its `page` replaced.
 */
const API_URL = "https://api.github.com";

/** One page of `items` and GitHub's `link` header to the others (relative to `path`). */
export function paged<T>(
  items: readonly T[],
  query: URLSearchParams,
  path: string,
): { items: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, Number(query.get("per_page") ?? "30"));
  const pageNo = Number(query.get("page") ?? "1");
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (page: number, rel: string) => {
    const q = new URLSearchParams(query);
    q.set("page", String(page));
    return `<${API_URL}${path}?${q.toString()}>; rel="${rel}"`;
  };
  const rels = [
    ...(pageNo < last ? [link(pageNo + 1, "next"), link(last, "last")] : []),
    ...(pageNo > 1 ? [link(1, "first"), link(pageNo - 1, "prev")] : []),
  ];
  return {
    items: items.slice((pageNo - 1) * perPage, pageNo * perPage),
    headers: rels.length > 0 ? { link: rels.join(", ") } : {},
  };
}
