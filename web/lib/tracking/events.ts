/** The DOM event the call tracker (tracker.ts) dispatches on window for every call tap. */
export const CALL_CLICK_EVENT = 'call-click'
