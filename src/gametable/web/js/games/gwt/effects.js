// A printed effect of a building, objective or station master in a few words:
// web.gwt.effect.<effect> with the effect's parameters, and the discarded card named as a term.

import { term } from "./words.js";

const UP_TO_WORDS = { engineers: "web.gwt.engineers", woods: "web.gwt.woods" };

export function effectText(ctx, effect) {
  const params = { ...effect };
  // "any" with a count of 2: two cards of one breed (building F, 3a), as text.py's _effect says it
  if (params.card) params.card = term(ctx, params.card === "any" && params.count === 2 ? "any_pair" : params.card);
  // an amount counted on the player's board: "up to your engineers" (5a, C, G), "your woods buildings" (7b)
  if (UP_TO_WORDS[params.up_to]) params.up_to = ctx.tr.t(UP_TO_WORDS[params.up_to]);
  // a hire at another price than the job market's: by how much (building data: discount, in $)
  const key = effect.effect === "hire" && effect.discount ? (effect.discount > 0 ? "hire_cheaper" : "hire_dearer") : effect.effect;
  if (effect.discount < 0) params.extra = -effect.discount;
  let text = ctx.tr.tOr(`web.gwt.effect.${key}`, effect.effect.replaceAll("_", " "), params, ctx.names);
  if (effect.effect === "discard") {
    const gains = [];
    if (effect.money) gains.push(ctx.tr.t("web.gwt.gain.money", { amount: effect.money }));
    if (effect.certificates) gains.push(ctx.tr.t("web.gwt.gain.certificates", { amount: effect.certificates }));
    if (effect.engine) gains.push(ctx.tr.t("web.gwt.gain.engine", { amount: effect.engine }));
    if (effect.objective_to_hand) gains.push(ctx.tr.t("web.gwt.gain.objective"));
    text = `${text} → ${gains.join(", ")}`;
  }
  return text;
}
