/** The courier is unreachable or refused the booking: the order is not shipped, the admin sees why and retries. */
export class CourierUnavailableError extends Error {}

export const unserviceableMessage = (pincode: string) => `Sorry, we do not deliver to pincode ${pincode} yet. Please use another delivery address.`;
