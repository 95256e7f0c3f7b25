import { t } from '../../texts';

/** Spec §2 error screen: 404 says the page does not exist; any other status asks to retry or go home. */
export function ErrorScreen({ status, retryHref }: { status: number; retryHref: string }) {
  const notFound = status === 404;
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <p className="error-screen__status">{status}</p>
      <h1 id="error-title">{t.error.title}</h1>
      {notFound ? (
        <>
          <p lang="en">{t.error.notFound}</p>
          <p>{t.error.notFoundText}</p>
        </>
      ) : (
        <p>{t.error.otherText}</p>
      )}
      <div className="error-screen__actions">
        {!notFound && (
          <a className="button button--ghost" href={retryHref}>
            {t.error.retry}
          </a>
        )}
        <a className="button" href="/">
          {t.error.homeButton}
        </a>
      </div>
    </section>
  );
}
