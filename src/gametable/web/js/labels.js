// Names of games, options and actions in the player's language.
//
// Game terms and log messages come from the game's own catalog (<domain>.term.*, …).
// Action labels: the game's catalog may say "<domain>.action.<type>"; otherwise the web
// client's catalog "web.<domain>.action.<type>" does. Parameters are filled with the same
// rules as log entries (seats become names, string values become game terms).

export function gameTitle(tr, game) {
  return tr.tOr(`ui.game.${game.name}`, game.title);
}

export function optionLabel(tr, game, option) {
  return tr.tOr(`ui.option.${game.domain}.${option.name}`, option.description || option.name);
}

export function optionValueLabel(tr, game, option, value) {
  const key = `ui.option.${game.domain}.${option.name}.${value}`;
  if (tr.has(key)) return tr.t(key);
  if (typeof value === "boolean") return tr.t(value ? "ui.yes" : "ui.no");
  return tr.term(game.domain, value);
}

export function actionLabel(tr, domain, action, names) {
  const params = { ...action };
  delete params.type;
  for (const key of [`${domain}.action.${action.type}`, `web.${domain}.action.${action.type}`]) {
    const template = tr.template(key, params);
    if (template !== undefined) return tr.fill(template, params, domain, names);
  }
  // An action type the catalogs do not know yet: show it plainly rather than hide it.
  const details = Object.entries(params)
    .map(([name, value]) => `${name}: ${tr.show(name, value, domain, names)}`)
    .join(", ");
  const type = String(action.type).replaceAll("_", " ");
  return details ? `${type} (${details})` : type;
}
