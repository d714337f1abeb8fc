// How a finished game's result reads: the winners, and which people's seats the bots finished
// (a seat whose player left, or ran out of time, is played to the end by the bot).

/** The names of the people's seats that bots played to the end (`away`: a person's seat the
 *  bot plays now), or an empty list. */
export function botsFinishedFor(seats, names) {
  return (seats || []).filter((seat) => seat.kind === "bot" && seat.away).map((seat) => names[seat.seat]);
}

/** "Bots finished the game for Ann and Bob." (null when no person's seat went to a bot) */
export function botsFinishedText(tr, seats, names) {
  const finished = botsFinishedFor(seats, names);
  return finished.length ? tr.t("web.result.bots_finished", { names: tr.joinList(finished) }) : null;
}
