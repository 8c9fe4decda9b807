/** English: buyer screens. */
export const buyer = {};
