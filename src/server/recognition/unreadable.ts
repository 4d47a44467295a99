/** A receipt that cannot be read: the message says why, in German, and is shown as "nicht lesbar". */
export class ReceiptUnreadable extends Error {}
