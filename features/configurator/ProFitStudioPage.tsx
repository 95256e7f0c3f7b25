import { StudioImage } from './StudioImage';
import type { ProFitStudioData } from './types';
import type { PageProps } from '../../client/router/types';
import { configuratorTexts } from './configurator.texts';

export type { ProFitStudioData } from './types';

const T = configuratorTexts.studio;

/** `/pro-fit-studio`: the studio's landing page — the two harness types, a picture of each, and the way into each configurator. */
export default function ProFitStudioPage({ data }: PageProps<ProFitStudioData>) {
  return (
    <div className="studio-landing">
      <h1>{T.title}</h1>
      <p className="studio-landing__lead">{T.lead}</p>
      <ul className="studio-landing__types">
        {data.types.map((type, i) => (
          <li key={type.type} className="studio-type">
            <StudioImage
              preview={type.image}
              alt={type.name}
              eager={i === 0}
              sizes="(min-width: 1024px) 560px, 100vw"
              assetUrl={data.assetUrl}
            />
            <h2>{type.name}</h2>
            <p>{type.text}</p>
            <a className="button studio-type__design" href={type.href} aria-label={T.designLabel(type.name)}>
              {T.design}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
