// Pull requests and reviews of the demo's simulated GitHub (see fake-github.mjs).
import { BASE_TIME, created, notFound, OWNER, ok, page, REPO, SERVER_URL } from "./fake-github.mjs";

/** The routes under /repos/{owner}/{repo}/pulls, on the state of `gh` (a DemoGitHub). */
export function pullRoutes(gh) {
  return [
    [
      "GET",
      /^\/pulls$/,
      (_m, query) => {
        const head = query.get("head");
        const list = [...gh.pulls.values()].filter(
          (p) => p.state === "open" && (head === null || `${OWNER}:${p.head.ref}` === head),
        );
        return ok(page(list, query));
      },
    ],
    [
      "POST",
      /^\/pulls$/,
      (_m, _q, body) => {
        const number = gh.nextNumber++;
        const pull = {
          number,
          node_id: `PR_${number}`,
          html_url: `${SERVER_URL}/${OWNER}/${REPO}/pull/${number}`,
          title: String(body.title),
          body: body.body ?? null,
          draft: body.draft === true,
          state: "open",
          head: {
            ref: String(body.head),
            sha: "0".repeat(40),
            repo: { full_name: `${OWNER}/${REPO}` },
          },
          base: { ref: String(body.base), repo: { full_name: `${OWNER}/${REPO}` } },
          user: gh.bot(),
        };
        gh.pulls.set(number, pull);
        gh.timeline.push({ kind: "pull", pull });
        return created(pull);
      },
    ],
    [
      "GET",
      /^\/pulls\/(\d+)$/,
      ([n]) => {
        const pull = gh.pulls.get(Number(n));
        return pull ? ok(pull) : notFound();
      },
    ],
    [
      "PATCH",
      /^\/pulls\/(\d+)$/,
      ([n], _q, body) => {
        const pull = gh.pulls.get(Number(n));
        if (!pull) return notFound();
        if (body.title !== undefined) pull.title = String(body.title);
        if (body.body !== undefined) pull.body = String(body.body);
        return ok(pull);
      },
    ],
    ["GET", /^\/pulls\/(\d+)\/files$/, () => ok([])],
    [
      "GET",
      /^\/pulls\/(\d+)\/reviews$/,
      ([n], query) => ok(page(gh.reviews.get(Number(n)) ?? [], query)),
    ],
    [
      "POST",
      /^\/pulls\/(\d+)\/reviews$/,
      ([n], _q, body) => {
        const pr = Number(n);
        const id = gh.newId();
        const review = {
          id,
          user: gh.bot(),
          body: body.body ?? null,
          state: body.event === "COMMENT" ? "COMMENTED" : String(body.event),
          commit_id: body.commit_id ?? null,
          submitted_at: new Date(BASE_TIME + id * 1000).toISOString(),
        };
        gh.reviews.set(pr, [...(gh.reviews.get(pr) ?? []), review]);
        gh.timeline.push({ kind: "review", pr, review });
        return ok(review);
      },
    ],
    ["GET", /^\/pulls\/(\d+)\/reviews\/(\d+)\/comments$/, () => ok([])],
  ];
}
