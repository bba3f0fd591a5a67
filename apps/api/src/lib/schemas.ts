/** A database id: a positive 32-bit integer (larger numbers would overflow the column, not "not found"). */
export { idSchema } from '@parade/core/ids';
