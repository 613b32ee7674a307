// The page's two refresh steps, drawing the table and deciding the showdown. main.js
// registers them; an action calls them here, so that no module imports the views it
// is drawn by (no import circle).

const steps = { render: () => {}, decide: () => {} };

/** Register the two steps: `render(focus)` draws the page, `decide()` asks the server. */
export function setRefresh(render, decide) {
  steps.render = render;
  steps.decide = decide;
}

/** Draw the page again (the result stays); `focus` is a selector to keep focused. */
export function renderAll(focus) {
  steps.render(focus);
}

/** Ask the server about the table as it is now. */
export function decide() {
  return steps.decide();
}

/** Draw the page, then decide it again: after every change to the table. */
export function redraw(focus) {
  steps.render(focus);
  return steps.decide();
}
