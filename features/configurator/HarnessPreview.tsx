import { useId } from 'react';
import { colourHex, NOT_CHOSEN_COLOUR } from './palette';
import type { HarnessPart, PartColours } from './rules';
import type { StudioType } from './types';

/**
 * The strap of each part, drawn by us as one SVG layer per part so a colour
 * change repaints only that layer (no picture to download per combination).
 * A part the drawing does not know is still listed in the text alternative.
 */
const LAYERS: Readonly<Record<StudioType, Readonly<Record<string, string>>>> = {
  guard: {
    szyja: 'M90 58a60 26 0 1 0 120 0a60 26 0 1 0 -120 0',
    klatka: 'M40 178a110 40 0 1 0 220 0a110 40 0 1 0 -220 0',
    lacznik: 'M150 84V138',
  },
  bezuciski: {
    szyja: 'M95 52a55 24 0 1 0 110 0a55 24 0 1 0 -110 0',
    grzbiet: 'M112 70L150 112L188 70M150 112V140',
    klatka: 'M40 180a110 40 0 1 0 220 0a110 40 0 1 0 -220 0',
  },
};

/** Buckles, rings and slides in the hardware colour. */
const HARDWARE: Readonly<Record<StudioType, ReadonlyArray<{ x: number; y: number; w: number; h: number }>>> = {
  guard: [
    { x: 202, y: 48, w: 16, h: 22 },
    { x: 140, y: 130, w: 20, h: 16 },
    { x: 40, y: 168, w: 16, h: 22 },
    { x: 244, y: 168, w: 16, h: 22 },
  ],
  bezuciski: [
    { x: 198, y: 42, w: 16, h: 22 },
    { x: 140, y: 104, w: 20, h: 16 },
    { x: 40, y: 170, w: 16, h: 22 },
    { x: 244, y: 170, w: 16, h: 22 },
  ],
};

interface Props {
  type: StudioType;
  parts: readonly HarnessPart[];
  partColours: PartColours;
  /** Hardware colour code ('' = not chosen). */
  hardware: string;
  /** Text alternative (the colours of every part and of the hardware). */
  description: string;
}

/** Live preview of the harness: one layer per part in its colour, the hardware in its colour, with a text alternative. */
export function HarnessPreview({ type, parts, partColours, hardware, description }: Props) {
  const titleId = useId();
  const layers = LAYERS[type];
  return (
    <svg className="studio-preview__svg" viewBox="0 0 300 240" role="img" aria-labelledby={titleId} data-testid="harness-preview">
      <title id={titleId}>{description}</title>
      {parts.map((part) => {
        const d = layers[part.key];
        if (!d) return null;
        const chosen = partColours[part.key];
        return (
          <path
            key={part.key}
            data-part={part.key}
            data-colour={chosen ?? ''}
            d={d}
            fill="none"
            stroke={colourHex(chosen)}
            strokeWidth={14}
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeDasharray={chosen ? undefined : '6 6'}
          />
        );
      })}
      <g
        data-part="kolorOkuc"
        data-colour={hardware}
        fill={hardware ? colourHex(hardware) : '#fff'}
        stroke={hardware ? '#4a5058' : NOT_CHOSEN_COLOUR}
        strokeWidth={2}
      >
        {HARDWARE[type].map((b) => (
          <rect key={`${b.x}-${b.y}`} x={b.x} y={b.y} width={b.w} height={b.h} rx={3} />
        ))}
        <circle
          cx={150}
          cy={type === 'guard' ? 92 : 84}
          r={9}
          fill="none"
          strokeWidth={4}
          stroke={hardware ? colourHex(hardware) : NOT_CHOSEN_COLOUR}
        />
      </g>
    </svg>
  );
}
