// Where a page the OCR read sits on the image it was given. Before reading, a photo may be cropped
// to its paper, enlarged, turned straight, cropped to its print and enlarged again (paddle.ts); the
// boxes come back in the pixels of that last page. The steps are kept, in order, so a box can be put
// back on the image as it was given (the photo the user sees).

export type FrameStep =
  /** a crop: the page's (0, 0) is the image's (x, y) */
  | { kind: 'crop'; x: number; y: number }
  /** a resize: the page is the image times (x, y) */
  | { kind: 'scale'; x: number; y: number }
  /**
   * sharp's rotate(degrees): turned clockwise about the centre onto a canvas just large enough,
   * `from` the size before and `to` the size after
   */
  | {
      kind: 'rotate';
      degrees: number;
      from: { width: number; height: number };
      to: { width: number; height: number };
    };

/** A point of the page back on the image the steps started from. */
export function toImagePoint(steps: readonly FrameStep[], [x, y]: readonly [number, number]) {
  let point: [number, number] = [x, y];
  for (const step of [...steps].reverse()) {
    const [px, py] = point;
    if (step.kind === 'crop') point = [px + step.x, py + step.y];
    else if (step.kind === 'scale') point = [px / step.x, py / step.y];
    else {
      const a = (step.degrees * Math.PI) / 180;
      const dx = px - step.to.width / 2;
      const dy = py - step.to.height / 2;
      point = [
        step.from.width / 2 + dx * Math.cos(a) + dy * Math.sin(a),
        step.from.height / 2 - dx * Math.sin(a) + dy * Math.cos(a),
      ];
    }
  }
  return point;
}

/** An upright rectangle of the page as the upright rectangle holding it on the image. */
export function toImageRect(
  steps: readonly FrameStep[],
  rect: { left: number; top: number; right: number; bottom: number },
) {
  const corners = (
    [
      [rect.left, rect.top],
      [rect.right, rect.top],
      [rect.right, rect.bottom],
      [rect.left, rect.bottom],
    ] as const
  ).map((p) => toImagePoint(steps, p));
  return {
    left: Math.min(...corners.map((p) => p[0])),
    top: Math.min(...corners.map((p) => p[1])),
    right: Math.max(...corners.map((p) => p[0])),
    bottom: Math.max(...corners.map((p) => p[1])),
  };
}
