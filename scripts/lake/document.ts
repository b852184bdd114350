/** A document as the local Content Lake stores it: Sanity's system fields, then the document's own. */
export type LakeDocument = { _id: string; _type: string; _rev?: string; _createdAt?: string; _updatedAt?: string } & Record<string, unknown>
