import { usePanels } from '../../client/stores/StoresProvider';
import { reviewFormTexts as T } from './review-form.texts';
import { REVIEW_LIMITS, reviewLength } from './review-rules';
import { Field } from '../../client/components/form/Field';
import { TextArea } from '../../client/components/form/TextArea';
import { useReviewForm } from './use-review-form';
import { FormMessage } from '../../client/components/form/FormMessage';

/**
 * The review form, loaded when the shopper asks to write (its own chunk). The product page is cached for
 * everybody, so who is writing is asked here, in the browser: a guest gets the login prompt
 * (the login modal; the question is asked again when the session changes), a customer the form,
 * filled with their earlier review if they have one (a second submission edits it).
 */
export default function ReviewForm({ productId, onClose }: { productId: string; onClose(): void }) {
  const { id, form, author, editing, done, doneRef, retry, onSubmit } = useReviewForm(productId);
  const { values, set, errors, message: formError } = form;
  const openPanel = usePanels((s) => s.openPanel);

  if (done) {
    return (
      <p ref={doneRef} className="review-form__done" role="status" tabIndex={-1}>
        {done === 'pending' ? T.pending : T.published}
      </p>
    );
  }
  if (author === 'checking') return <p role="status">{T.checking}</p>;
  if (author === 'guest' || author === 'error') {
    return (
      <div className="review-form__login">
        {formError && <p role="alert">{formError}</p>}
        <p>{author === 'error' ? T.errors.failed : T.loginPrompt}</p>
        {author === 'guest' ? (
          <button type="button" className="button" onClick={() => openPanel('login')}>
            {T.login}
          </button>
        ) : (
          <button type="button" className="button" onClick={retry}>
            {T.retry}
          </button>
        )}
      </div>
    );
  }

  const rating = Number(values.rating) || 0;
  return (
    <form className="review-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{T.heading}</h3>
      {editing && <p className="review-form__note">{T.editing}</p>}
      <fieldset className="review-form__rating">
        <legend>{T.ratingLegend}</legend>
        <div className="star-input">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? 'star-input__star star-input__star--on' : 'star-input__star'}>
              <input
                id={`${id}-rating-${n}`}
                type="radio"
                name="rating"
                value={n}
                className="visually-hidden"
                checked={values.rating === String(n)}
                onChange={() => set('rating')(String(n))}
                aria-invalid={errors.rating ? true : undefined}
                aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{T.star(n)}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="field__error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <Field
        id={`${id}-title`}
        name="title"
        label={T.title}
        type="text"
        autoComplete="off"
        inputMode="text"
        value={values.title}
        onValue={set('title')}
        error={errors.title}
      />
      <TextArea
        id={`${id}-text`}
        name="text"
        label={T.text}
        rows={5}
        autoComplete="off"
        inputMode="text"
        required
        value={values.text}
        onValue={set('text')}
        error={errors.text}
        hint={
          <>
            {T.textHint(REVIEW_LIMITS.textMin, REVIEW_LIMITS.textMax)}{' '}
            <span aria-hidden="true">{T.counter(reviewLength(values.text), REVIEW_LIMITS.textMax)}</span>
          </>
        }
      />
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div className="review-form__actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? T.sending : T.submit}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
