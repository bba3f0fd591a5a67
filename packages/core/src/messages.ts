/**
 * Every user-visible string the specification quotes, in one place, word for word.
 * Web, admin and API import these so a message cannot drift between them.
 */
export const messages = {
  genericError: 'Something went wrong, Please Try Again Later',
  // Readiness answers (GET /api/health/ready), read by an orchestrator or an operator.
  shuttingDown: 'This server is shutting down: send requests to another one.',
  databaseUnavailable: 'The database does not answer.',
  somethingWentWrong: 'SOMETHING WENT WRONG',
  invalidPostcode: (postcode: string) => `PLEASE SELECT A VALID POSTCODE, "${postcode}" IS NOT VALID`,
  selectCollectionPoint: 'PLEASE SELECT A COLLECTION POINT',
  selectDeliveryLocation: 'PLEASE SELECT A DELIVERY LOCATION',
  deliveryUnavailable: (postcode: string) => `DELIVERY SERVICE UNAVAILABLE IN "${postcode}"`,
  locationSelected: 'Location selected successfully',
  itemAddedToCart: 'Item added to cart',
  applyCouponAgain: 'Please apply coupon again',
  unknownShop: 'Unknown Shop',
  typeToSearch: 'Type to search',
  noProductFound: 'No product found',
  productSearchTooShort: 'Product search needs 3 or more characters.',
  chooseOrderType: 'Choose Order Type',
  collectionOrder: 'Collection Order',
  deliveryOrder: 'Delivery Order',
  postcodeSearchPlaceholder: 'Search by postcode (min 3 characters)',
  postcodeSearchHint: 'e.g. E1 0AD',
  footerTagline: 'Explore Great Value Family Shopping',
  notFound: 'Not found',
  validationFailed: 'The given data was invalid.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do that.',
  tooManyRequests: 'Too many requests, please try again later.',
  invalidJson: 'The request body is not valid JSON.',
} as const;
