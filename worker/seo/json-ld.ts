import type { ReviewsData } from '../../features/reviews/review-items';
import type { Breadcrumb } from '../../client/components/ui/Breadcrumbs';
import { transitDays } from '../../features/product/product-offer.server';
import { RETURN_SHIPPING_PAID_BY, type ShippingRate, WITHDRAWAL_DAYS, shippingPrice } from '../shop/shop-policies';
import { SELLER } from './seller';

/** schema.org BreadcrumbList from breadcrumbs with absolute links. */
export function breadcrumbList(items: Breadcrumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.text, item: origin + b.link })),
  };
}

/** schema.org ItemList of product URLs, in the order shown. */
export function itemList(urls: string[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: urls.map((url, i) => ({ '@type': 'ListItem', position: i + 1, url: origin + url })),
  };
}

/**
 * The review part of a schema.org Product: `aggregateRating` and the first page of `review`
 * items. Built only from approved reviews (the only ones the Shop API lists); nothing when the
 * product has none, since an aggregateRating of zero reviews is invalid for search engines.
 */
export function reviewsJsonLd(reviews: ReviewsData) {
  if (!reviews.count || reviews.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Number(reviews.average.toFixed(1)),
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.isoDate,
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.text,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

// ---- the shop's policies and the seller (issue 39; decision 111) ----

/** The shop's delivery methods (worker/shop/shop-policies.ts). */
type Rate = ShippingRate;
type Days = { min: number; max: number };

const COUNTRY = 'PL';
const CURRENCY = 'PLN';

/** Minor units as the decimal number schema.org expects (12.99). */
const amount = (minor: number) => Math.round(minor) / 100;

const dayRange = (d: Days) => ({ '@type': 'QuantitativeValue', minValue: d.min, maxValue: d.max, unitCode: 'DAY' });

/**
 * The return policy of an offer: the statutory withdrawal within WITHDRAWAL_DAYS, by post, the
 * customer paying the return shipping (RETURN_SHIPPING_PAID_BY); or, for goods made to the
 * shopper's specification, no returns (art. 38 pt 3 of the consumer rights act).
 */
export function returnPolicy(returnable: boolean, origin: string) {
  if (!returnable)
    return {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: COUNTRY,
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    };
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: COUNTRY,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: WITHDRAWAL_DAYS,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees:
      RETURN_SHIPPING_PAID_BY === 'customer' ? 'https://schema.org/ReturnFeesCustomerResponsibility' : 'https://schema.org/FreeReturn',
    merchantReturnLink: origin + SELLER.returnsPage,
  };
}

/**
 * An offer's shipping details: one per delivery method, to Poland, at the price an order of this
 * one item pays (free above the method's threshold: `shippingPrice`), handled in `handling`
 * business days (the product's production time) and in transit for the method's delivery time.
 */
export function offerShippingDetails(rates: readonly Rate[], itemPrice: number, handling: Days) {
  return rates.map((rate) => {
    const transit = transitDays(rate.deliveryTime);
    return {
      '@type': 'OfferShippingDetails',
      shippingLabel: rate.name,
      shippingRate: { '@type': 'MonetaryAmount', value: amount(shippingPrice(rate, itemPrice)), currency: CURRENCY },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: COUNTRY },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: dayRange(handling),
        ...(transit ? { transitTime: dayRange(transit) } : {}),
      },
    };
  });
}

/**
 * The shop's delivery methods as an Organization states them (`hasShippingService`): to Poland, the
 * method's price below its free-delivery threshold and nothing above it.
 */
function shippingServices(rates: readonly Rate[]) {
  return rates.map((rate) => {
    const transit = transitDays(rate.deliveryTime);
    const condition = (orderValue: { minValue: number; maxValue?: number }, price: number) => ({
      '@type': 'ShippingConditions',
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: COUNTRY },
      orderValue: { '@type': 'MonetaryAmount', currency: CURRENCY, ...orderValue },
      shippingRate: { '@type': 'MonetaryAmount', value: amount(price), currency: CURRENCY },
      ...(transit ? { transitTime: { '@type': 'ServicePeriod', duration: dayRange(transit) } } : {}),
    });
    return {
      '@type': 'ShippingService',
      name: rate.name,
      shippingConditions:
        rate.freeAbove === null
          ? [condition({ minValue: 0 }, rate.priceWithTax)]
          : [
              condition({ minValue: 0, maxValue: amount(rate.freeAbove) }, rate.priceWithTax),
              condition({ minValue: amount(rate.freeAbove + 1) }, 0),
            ],
    };
  });
}

/**
 * The home page's Organization (an OnlineStore): the seller of worker/seo/seller.ts with its
 * contact, address and logo, its return policy and its delivery methods.
 */
export function organizationJsonLd(origin: string, rates: readonly Rate[]) {
  const a = SELLER.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    '@id': `${origin}/#organization`,
    name: SELLER.name,
    legalName: SELLER.legalName,
    url: `${origin}/`,
    logo: origin + SELLER.logo,
    email: SELLER.email,
    telephone: SELLER.telephone,
    taxID: SELLER.taxID,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.streetAddress,
      postalCode: a.postalCode,
      addressLocality: a.addressLocality,
      addressCountry: a.addressCountry,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: SELLER.email,
      telephone: SELLER.telephone,
      availableLanguage: 'pl',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: SELLER.hours.days,
        opens: SELLER.hours.opens,
        closes: SELLER.hours.closes,
      },
    },
    hasMerchantReturnPolicy: returnPolicy(true, origin),
    hasShippingService: shippingServices(rates),
  };
}

/** The home page's WebSite: the shop's name and address. */
export function websiteJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SELLER.name,
    url: `${origin}/`,
    publisher: { '@id': `${origin}/#organization` },
  };
}
