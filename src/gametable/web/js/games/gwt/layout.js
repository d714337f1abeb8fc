// Where things go on our drawing of the Great Western Trail board (a 1600 × 1060 SVG).
// Positions only: which spaces exist and how they connect come from the view.

export const WIDTH = 1600;
export const HEIGHT = 1060;
// The trail and the four panels are drawn this much lower than their coordinates below say:
// room for the railroad's spaces, which are as tall as any other target.
export const LOWER_PART_SHIFT = 20;

// Cities along the top, railroad below them.
export const CITY_Y = 62;
export const cityX = (index) => 82 + index * 159.5;
export const TRACK_Y = 168;
export const TURNOUT_Y = 210;
export const STATION_Y = 264;
export const MASTER_Y = 314;
export const trackX = (label) => 38 + Number(label) * 39.1; // "4.5" (a turnout) lies between 4 and 5

// The trail: three rows snaking from the start (bottom right) to Kansas City (top left).
export const TRAIL = {
  START: [1195, 950], "NEUTRAL-A": [1140, 950],
  "A-1": [1040, 890], "A-2": [950, 890], "A-3": [860, 890],
  "FLOOD-1": [1086, 1006], "FLOOD-2": [1032, 1006], "FLOOD-3": [978, 1006], "FLOOD-4": [924, 1006],
  "FLOOD-RISK-1": [870, 1006], "FLOOD-RISK-2": [816, 1006],
  "NEUTRAL-B": [762, 950],
  "B-1": [680, 890], "B-2": [600, 890], "B-3": [520, 890],
  "DROUGHT-1": [708, 1006], "DROUGHT-2": [654, 1006], "DROUGHT-3": [600, 1006], "DROUGHT-4": [546, 1006],
  "DROUGHT-RISK-1": [492, 1006],
  "NEUTRAL-C": [452, 838],
  "C-1-1": [700, 628], "C-1-2": [930, 628],
  "C-2": [540, 712], "NEUTRAL-D": [860, 712],
  "TEEPEE-3": [470, 786], "TEEPEE-2": [524, 786], "TEEPEE-1": [578, 786],
  "TEEPEE+1": [640, 786], "TEEPEE+2": [698, 786], "TEEPEE+4": [756, 786], "TEEPEE+6": [814, 786],
  "TEEPEE+8": [872, 786], "TEEPEE+10": [930, 786],
  "TRADE-RISK-1": [1000, 786], "TRADE-RISK-2": [1060, 786],
  "NEUTRAL-E": [1160, 640],
  "E-1": [1040, 400], "E-2": [900, 400],
  "ROCKFALL-1": [1110, 512], "ROCKFALL-2": [1054, 512], "ROCKFALL-3": [998, 512], "ROCKFALL-4": [942, 512],
  "ROCKFALL-RISK-1": [886, 512], "ROCKFALL-RISK-2": [830, 512],
  "NEUTRAL-F": [770, 456], "F-1": [712, 400], "F-2": [712, 512],
  "NEUTRAL-G": [652, 456], "G-1": [592, 400], "G-2": [592, 512],
  KANSAS_CITY: [490, 456],
};

// The second edition's trail: C leads straight to D; D forks to building space D-1 and to the
// outlaw spaces 4-9 (spaces 1-3 lie beside the trail), which lead on to E.
export const TRAIL_2E = {
  ...TRAIL,
  "NEUTRAL-D": [540, 712], "D-1": [860, 712],
  "OUTLAW-1": [470, 786], "OUTLAW-2": [524, 786], "OUTLAW-3": [578, 786],
  "OUTLAW-4": [640, 786], "OUTLAW-5": [698, 786], "OUTLAW-6": [756, 786], "OUTLAW-7": [814, 786],
  "OUTLAW-8": [872, 786], "OUTLAW-9": [930, 786],
  "OUTLAW-RISK-1": [1000, 786], "OUTLAW-RISK-2": [1060, 786],
};

/** Where the trail's spaces are drawn for the view's edition. */
export const trailLayout = (view) => (view.game === "gwt-2e" ? TRAIL_2E : TRAIL);

// Left column: Kansas City foresight and the job market; right column: cattle and objectives.
export const KC_PANEL = { x: 14, y: 322, width: 392, height: 196 };
export const JOB_PANEL = { x: 14, y: 530, width: 392, height: 500 };
export const CATTLE_PANEL = { x: 1240, y: 322, width: 348, height: 330 };
export const OBJECTIVE_PANEL = { x: 1240, y: 664, width: 348, height: 366 };

export const SEAT_COLOURS = ["#c8432b", "#2f69c4", "#d99a1e", "#3a8f57"];
export const HAZARD_COLOURS = { flood: "#3d7fc1", drought: "#d08a2c", rockfall: "#7d7368" };
export const TEEPEE_COLOURS = { green: "#4f9a4a", blue: "#3b6fb6" };
// the second edition's outlaws: the first edition's blue tiles are orange there
export const OUTLAW_COLOURS = { green: "#4f9a4a", blue: "#e07b24" };
export const pairColours = (ctx) => (ctx.domain === "gwt2e" ? OUTLAW_COLOURS : TEEPEE_COLOURS);
export const WORKER_COLOURS = { cowboy: "#c85a3a", craftsman: "#3f7fb5", engineer: "#6a6a6a" };
export const CATTLE_COLOURS = {
  grey: "#a9a9a9", white: "#f4f1ea", black: "#2b2b2b", green: "#6aa15a",
  yellow: "#f0cf4a", red: "#c94a3a", blue: "#4a78c4", brown: "#8a5a3a", purple: "#7b4fa0",
  orange: "#e58a2e", // Simmental (second edition)
};
