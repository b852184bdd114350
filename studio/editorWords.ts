import { defineLocaleResourceBundle } from 'sanity'

/**
 * Sanity's own words where an editor meets them in this Studio's flows (publishing, deleting, restoring),
 * said in the business's words: what is on the site, not "document" (tests/unit/editorWords.test.ts reads
 * these too).
 */
export const STRUCTURE_WORDS: Record<string, string> = {
  'action.publish.validation-issues.tooltip': 'Publish is off until the problems marked in red are fixed: open Validation (the red mark at the top right) to see each one and go to it.',
  'action.publish.validation-in-progress.label': 'Checking…',
  'action.publish.no-changes.tooltip': 'Nothing to publish: the site already shows this version.',
  'action.publish.validation-issues-toast.title': 'Not published yet',
  'action.publish.validation-issues-toast.description': 'Fix the problems marked in red first; Validation (top right) lists each one.',
  'action.publish.disabled.not-ready': 'One moment: the Studio is still loading this.',
  'action.delete.disabled.nothing-to-delete': 'This is not on the site and has no unpublished changes: there is nothing to delete.',
  'action.discard-changes.confirm-dialog.confirm-discard-changes-draft': 'Discard every change and remove this unpublished draft?',
  'action.discard-changes.disabled.no-change': 'There are no unpublished changes to discard.',
  'action.discard-changes.disabled.not-published': 'This was never published: delete it instead.',
  'action.unpublish.disabled.not-published': 'This is not on the site.',
  'action.unpublish.disabled.already-unpublished': 'This is already set to come off the site.',
  'action.restore.label': 'Restore this version',
  'action.restore.confirm.message': 'Restore this version as an unpublished draft? Publish it to show it on the site.',
  'confirm-delete-dialog.loading.text': 'Looking for pages and settings that use it…',
  'confirm-delete-dialog.error.message.text': 'Could not check which pages use it. Try again.',
  'confirm-delete-dialog.cdr-table.document-id.label': 'ID',
  'confirm-delete-dialog.cdr-table.dataset.label': 'Content',
  'banners.revision-not-found.description': 'That version is no longer kept: choose another from the history list.',
  'changes.banner.description': 'Showing the history of the <strong>{{perspective}}</strong> version.',
}

export const editorWordBundles = [defineLocaleResourceBundle({ locale: 'en-US', namespace: 'structure', resources: STRUCTURE_WORDS })]
