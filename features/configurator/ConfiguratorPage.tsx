import { HarnessPreview } from './HarnessPreview';
import type { ConfiguratorData } from './types';
import type { PageProps } from '../../client/router/types';
import { configuratorTexts as T } from './configurator.texts';
import { StudioSteps } from './StudioSteps';
import { StudioSummary } from './StudioSummary';
import { useStudio } from './use-studio';

export type { ConfiguratorData } from './types';

/**
 * `/pro-fit-studio/guard` and `/pro-fit-studio/bezuciski`: model, tape width
 * and size, a colour per part, hardware colour, extras and quantity, with a
 * live preview and the backend's price. The design lives in the query string
 * (shareable; each choice is a history step), so the HTML for a shared link is
 * server-rendered with its choices.
 */
export default function ConfiguratorPage({ data, search }: PageProps<ConfiguratorData>) {
  return <Studio key={data.type} data={data} search={search} />;
}

function Studio({ data, search }: { data: ConfiguratorData; search: string }) {
  const view = useStudio(data, search);
  const { base } = view;
  return (
    <div className="studio">
      <p className="studio__back">
        <a href="/pro-fit-studio">← {T.back}</a>
      </p>
      <h1>{data.title}</h1>
      <p className="studio__intro">{data.intro}</p>
      {!view.models.length ? (
        <p>{T.empty}</p>
      ) : (
        <div className="studio__layout">
          <div className="studio-aside">
            <section className="studio-preview" aria-labelledby={`${base}-preview`}>
              <h2 id={`${base}-preview`} className="visually-hidden">
                {T.preview}
              </h2>
              <HarnessPreview
                type={data.type}
                parts={view.parts}
                partColours={view.design.parts}
                hardware={view.hardwareCode}
                description={view.description}
              />
            </section>
            <StudioSummary view={view} />
          </div>

          <StudioSteps view={view} assetUrl={data.assetUrl} />
        </div>
      )}
    </div>
  );
}
