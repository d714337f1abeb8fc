// GWT words: board labels from the web catalog (web.gwt.*), game terms from the game's catalog
// (gwt.term.*), with a readable fallback for a term no catalog has yet. The second edition's
// domain is gwt2e (ctx.domain): its catalog falls back to the first edition's (i18n.js).

const domain = (ctx) => ctx.domain || "gwt";

export function label(ctx, key, params = {}) {
  return ctx.tr.t(`web.${domain(ctx)}.${key}`, params, ctx.names);
}

export function term(ctx, value) {
  const v = String(value);
  const d = domain(ctx);
  return ctx.tr.tOr(`${d}.term.${v}`, ctx.tr.tOr(`web.${d}.term.${v}`, v.replaceAll("_", " ")));
}

/** "E/1" (building E, local action 1), "aux3", "objective/objective_5", "master/…", "bonus/…" */
export function source(ctx, src) {
  if (!src) return "";
  if (ctx.tr.has(`${domain(ctx)}.term.${src}`)) return term(ctx, src);
  const [head, rest, more] = String(src).split("/");
  if (head === "objective") return label(ctx, "src.objective", { card: objectiveName(ctx, rest) });
  if (head === "master") return label(ctx, "src.master");
  if (head === "bonus") return label(ctx, "src.bonus", { worker: term(ctx, rest), space: more });
  if (head === "risk") return label(ctx, "src.risk");
  if (/^aux\d$/.test(head)) return label(ctx, "src.aux", { n: head.slice(3) });
  if (rest !== undefined) return label(ctx, "src.building", { building: head, n: rest });
  return head;
}

/** An objective card as the board draws it: its immediate action and its tasks (gwt.term.*). */
export function objectiveName(ctx, id) {
  return term(ctx, id);
}
