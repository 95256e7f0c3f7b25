/**
 * The properties Google's structured data documentation requires and recommends, kept here so
 * the tests that hold our JSON-LD to them reach no network (issue 39, decision 111). From Google
 * Search Central, read 2026-11-26:
 * - "Merchant listing (Product, Offer) structured data":
 *   https://developers.google.com/search/docs/appearance/structured-data/merchant-listing
 * - "Product variant structured data (ProductGroup, Product)":
 *   https://developers.google.com/search/docs/appearance/structured-data/product-variants
 * - "Organization (Organization) structured data" and its merchant return policy and shipping
 *   policy sections: https://developers.google.com/search/docs/appearance/structured-data/organization
 * - "Site names": https://developers.google.com/search/docs/appearance/site-names (WebSite)
 *
 * A property written `a|b` is satisfied by either (Google takes `price` or `priceSpecification.price`,
 * any of the GTIN properties). `whenReviewed` are recommended only for a product with reviews.
 */
interface PropertyTable {
  required: readonly string[];
  recommended: readonly string[];
  whenReviewed?: readonly string[];
}

export const GOOGLE_PROPERTIES = {
  /** a product page's Product (merchant listings): one of one variant, or each variant of a group */
  Product: {
    required: ['name', 'image', 'offers'],
    recommended: ['description', 'sku', 'gtin|gtin8|gtin12|gtin13|gtin14|mpn', 'brand'],
    whenReviewed: ['aggregateRating', 'review'],
  },
  /** a variant inside a ProductGroup's hasVariant: a Product whose shared properties may sit on the group */
  VariantProduct: {
    required: ['name', 'offers'],
    recommended: ['sku', 'gtin|gtin8|gtin12|gtin13|gtin14|mpn', 'image', 'url'],
  },
  ProductGroup: {
    required: ['name', 'productGroupID', 'hasVariant', 'variesBy'],
    recommended: ['brand', 'description', 'url', 'image'],
    whenReviewed: ['aggregateRating', 'review'],
  },
  Offer: {
    required: ['price|priceSpecification', 'priceCurrency'],
    recommended: ['availability', 'itemCondition', 'url', 'shippingDetails', 'hasMerchantReturnPolicy'],
  },
  OfferShippingDetails: {
    required: ['shippingDestination', 'shippingRate'],
    recommended: ['deliveryTime'],
  },
  ShippingDeliveryTime: {
    required: ['handlingTime', 'transitTime'],
    recommended: [],
  },
  /** a returnable offer (MerchantReturnFiniteReturnWindow) */
  MerchantReturnPolicy: {
    required: ['applicableCountry', 'returnPolicyCategory', 'merchantReturnDays'],
    recommended: ['returnMethod', 'returnFees'],
  },
  /** personalised goods (MerchantReturnNotPermitted): no window, no method, no fees */
  MerchantReturnNotPermitted: {
    required: ['applicableCountry', 'returnPolicyCategory'],
    recommended: [],
  },
  Organization: {
    required: [],
    recommended: [
      'name',
      'url',
      'logo',
      'legalName',
      'email',
      'telephone',
      'address',
      'contactPoint',
      'taxID|vatID',
      'hasMerchantReturnPolicy',
      'hasShippingService',
    ],
  },
  PostalAddress: {
    required: [],
    recommended: ['streetAddress', 'addressLocality', 'postalCode', 'addressCountry'],
  },
  WebSite: {
    required: ['name', 'url'],
    recommended: [],
  },
} as const satisfies Record<string, PropertyTable>;

/**
 * The properties of `table` that `node` lacks (a required or recommended one, `whenReviewed` too
 * when `reviewed`): empty when the node is complete.
 */
export function missingProperties(node: Record<string, unknown>, table: PropertyTable, reviewed = false): string[] {
  const wanted = [...table.required, ...table.recommended, ...(reviewed ? (table.whenReviewed ?? []) : [])];
  const has = (name: string) =>
    node[name] !== undefined &&
    node[name] !== null &&
    node[name] !== '' &&
    !(Array.isArray(node[name]) && !(node[name] as unknown[]).length);
  return wanted.filter((alternatives) => !alternatives.split('|').some(has));
}
