import type { TickRendererProps } from '@visx/axis';

/**
 * An axis tick label as a plain SVG `<text>`. visx's default, its `Text`, measures every word of
 * every label with a hidden element (`getStringWidth`, a forced layout each) even when it does not
 * wrap; ours never wrap, so the measuring is work for nothing on a page that draws several charts.
 */
export function plainTick({
  formattedValue,
  angle,
  verticalAnchor: _verticalAnchor,
  scaleToFit: _scaleToFit,
  width: _width,
  lineHeight: _lineHeight,
  capHeight: _capHeight,
  innerRef: _innerRef,
  innerTextRef: _innerTextRef,
  children: _children,
  ...props
}: TickRendererProps) {
  const { x = 0, y = 0 } = props;
  return (
    <text transform={angle ? `rotate(${angle}, ${x}, ${y})` : undefined} {...props}>
      {formattedValue}
    </text>
  );
}
