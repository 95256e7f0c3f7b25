import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ShopError, unwrap } from '../../client/graphql/errors';
import { getReviewAuthor, submitProductReview } from './reviews.graphql';
import { useRouterState } from '../../client/router/context';
import { usePanels, useSession } from '../../client/stores/StoresProvider';
import { reviewFormTexts as T } from './review-form.texts';
import { REVIEW_LIMITS, reviewLength, reviewProblems } from './review-rules';
import { Field } from '../../client/components/form/Field';
import { TextArea } from '../../client/components/form/TextArea';
import { useFocusFirstInvalid } from '../../client/components/form/focus-first-invalid';
import { FormMessage } from '../../client/components/form/FormMessage';

type ReviewField = 'rating' | 'title' | 'text';
type Values = Record<ReviewField, string>;

/** Backend error codes of submitProductReview that belong to a field. */
const FIELD_OF_CODE: Record<string, ReviewField> = {
  INVALID_REVIEW_RATING_ERROR: 'rating',
  INVALID_REVIEW_TITLE_ERROR: 'title',
  INVALID_REVIEW_TEXT_ERROR: 'text',
};

/**
 * The review form, loaded when the shopper asks to write (its own chunk). The product page is cached for
 * everybody, so who is writing is asked here, in the browser: a guest gets the login prompt
 * (the login modal; the question is asked again when the session changes), a customer the form,
 * filled with their earlier review if they have one (a second submission edits it).
 */
export default function ReviewForm({ productId, onClose }: { productId: string; onClose(): void }) {
  const [author, setAuthor] = useState<'checking' | 'guest' | 'customer' | 'error'>('checking');
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>({ rating: '', title: '', text: '' });
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'sending' | 'pending' | 'published'>('idle');
  const [check, setCheck] = useState(0);
  // Who is writing is asked again when the session changes (login through the login modal) and
  // after a navigation (the session may have changed meanwhile).
  const { navigationId } = useRouterState();
  const sessionCustomer = useSession((s) => s.customer?.id ?? null);
  // The page's one request queue: never racing the cart's first request for the session cookie.
  const request = useSession((s) => s.request);
  const openPanel = usePanels((s) => s.openPanel);
  const focusFirstInvalid = useFocusFirstInvalid();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    request(getReviewAuthor, { productId })
      .then(({ activeCustomer, myProductReview }) => {
        if (!live) return;
        if (!activeCustomer) return setAuthor('guest');
        setAuthor('customer');
        if (myProductReview) {
          setEditing(true);
          setValues({ rating: String(myProductReview.rating), title: myProductReview.title ?? '', text: myProductReview.text });
        }
      })
      .catch((error: unknown) => {
        console.error('Review author check failed', error);
        if (live) setAuthor('error');
      });
    return () => {
      live = false;
    };
  }, [productId, check, navigationId, sessionCustomer, request]);

  useEffect(() => {
    if (status === 'pending' || status === 'published') doneRef.current?.focus();
  }, [status]);

  /** The rating's focus goes to the chosen star, or the first. */
  const focusField = (field: ReviewField) =>
    focusFirstInvalid([field === 'rating' ? `${id}-rating-${values.rating || 1}` : `${id}-${field}`]);

  const set = (field: ReviewField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    setFormError(null);
    const problems = reviewProblems(values);
    setErrors(problems);
    const first = Object.keys(problems)[0] as ReviewField | undefined;
    if (first) return focusField(first);
    setStatus('sending');
    try {
      const { submitProductReview: result } = await request(submitProductReview, {
        input: { productId, rating: Number(values.rating), title: values.title.trim() || null, text: values.text },
      });
      const review = unwrap(result);
      setStatus(review.state === 'APPROVED' ? 'published' : 'pending');
    } catch (error) {
      setStatus('idle');
      if (error instanceof ShopError) {
        const field = FIELD_OF_CODE[error.errorCode];
        if (field) {
          setErrors({ [field]: error.message });
          return focusField(field);
        }
        return setFormError(
          error.errorCode === 'REVIEW_RATE_LIMIT_ERROR'
            ? T.errors.rateLimited
            : error.errorCode === 'REVIEW_PRODUCT_NOT_FOUND_ERROR'
              ? T.errors.notFound
              : T.errors.failed,
        );
      }
      // FORBIDDEN comes as a GraphQL error: the session ended since the form opened.
      console.error('Review submit failed', error);
      const who = await request(getReviewAuthor, { productId }).catch(() => null);
      if (who && !who.activeCustomer) {
        setAuthor('guest');
        setFormError(T.errors.loggedOut);
      } else setFormError(T.errors.failed);
    }
  };

  if (status === 'pending' || status === 'published') {
    return (
      <p ref={doneRef} className="review-form__done" role="status" tabIndex={-1}>
        {status === 'pending' ? T.pending : T.published}
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
          <button type="button" className="button" onClick={() => setCheck((n) => n + 1)}>
            {T.retry}
          </button>
        )}
      </div>
    );
  }

  const rating = Number(values.rating) || 0;
  return (
    <form className="review-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
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
                onChange={() => set('rating', String(n))}
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
        onValue={(v) => set('title', v)}
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
        onValue={(v) => set('text', v)}
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
        <button type="submit" className="button" disabled={status === 'sending'}>
          {status === 'sending' ? T.sending : T.submit}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
