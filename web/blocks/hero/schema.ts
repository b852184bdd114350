import { StarIcon } from "@sanity/icons/Star";
import { defineArrayMember, defineField, defineType } from "sanity";
import { listRules, textRules } from "../schemaHelpers";
import {
  checkPlaceholders,
  LOCATION_PLACEHOLDERS,
  TITLE_PLACEHOLDERS,
} from "../../lib/personalization/templates";

/** Why a rating label does not fit its score, or null when it does. */
export function ratingLabelProblem(
  label: string | undefined,
  rating: number | undefined,
): string | null {
  if (rating === undefined || rating === null)
    return label ? "Remove the label, or give the rating it describes." : null;
  if (!label?.trim())
    return "Write the label shown beside the stars, e.g. “Rated 4.6 out of 5”.";
  const written = /(\d+(?:\.\d+)?)\s*(?:out of|\/)\s*5\b/i.exec(label)?.[1];
  if (written !== undefined && Number(written) !== rating)
    return `The label says ${written} but the stars show ${rating}: make them agree.`;
  return null;
}

/** The spec's hero has four benefits; the call-only funnel's hero has three. */
export const BENEFIT_COUNT = 4;
export const MIN_BENEFITS = 3;
export const HEADLINE_MAX = 80;
/** The benefits most bundled pages show, as a new hero's starting list. */
export const DEFAULT_BENEFITS = [
  "100% Year-Round Pest Protection",
  "Same & Next Day Appointments",
  "Risk Free Quotes No-Obligation",
  "24-Hour Support 7 Days a Week",
] as const;

export const heroSchema = defineType({
  name: "hero",
  title: "Hero",
  type: "object",
  icon: StarIcon,
  description:
    "The first screen a visitor sees: headline, call button, stars and four benefits.",
  fields: [
    defineField({
      name: "title",
      title: "Headline",
      type: "string",
      description:
        "Big headline. On a page that shows the ad’s keyword (Ads tab), the keyword the visitor searched for replaces it; this text shows when the ad brings none.",
      placeholder: "e.g. Termite Treatment Near You",
      validation: textRules(
        "Write the headline visitors see first, e.g. “Termite Treatment Near You”.",
        { max: HEADLINE_MAX, noun: "headline" },
      ),
    }),
    defineField({
      name: "titleTemplate",
      title: "Headline from the ad",
      type: "string",
      description:
        "Optional, for pages that read ad inputs (the page’s “Ad inputs”). {Keyword} is the ad keyword, {Headline} the ad’s own headline, e.g. “{Keyword}” or “{Keyword} Near You”. When the ad brings no value for a placeholder, the Headline above shows.",
      validation: (rule) =>
        rule
          .custom((value: string | undefined) =>
            checkPlaceholders(value, TITLE_PLACEHOLDERS),
          )
          .error(),
    }),
    defineField({
      name: "subtitle",
      title: "Subheadline",
      type: "string",
      placeholder: "e.g. Fast, Same-Day Service Available!",
      validation: textRules(
        "Write the line under the headline, e.g. “Fast, Same-Day Service Available!”.",
        { max: 120, noun: "subheadline" },
      ),
    }),
    defineField({
      name: "locationLine",
      title: "Location line",
      type: "string",
      description:
        "Shown only when the visitor’s city is known from the ad. Keep the placeholders {city} and {state} where the names belong.",
      initialValue: "We service {city} and the surrounding area in {state}.",
      validation: (rule) =>
        textRules(
          "Write the sentence shown when the visitor’s city is known, with {city} and {state} where the names go.",
        )(rule).concat(
          rule
            .custom((value) => {
              if (typeof value !== "string") return true;
              if (!value.includes("{city}") || !value.includes("{state}"))
                return "Keep both placeholders {city} and {state} in the sentence.";
              return checkPlaceholders(value, LOCATION_PLACEHOLDERS);
            })
            .error(),
        ),
    }),
    defineField({
      name: "callLineLabel",
      title: "Call line label",
      type: "string",
      description:
        "Text before the phone number, e.g. “Call 24/7:”. The number itself comes from Site settings.",
      initialValue: "Call 24/7:",
      validation: textRules(
        "Write the text before the phone number, e.g. “Call 24/7:”.",
      ),
    }),
    defineField({
      name: "buttonLabel",
      title: "Call button label",
      type: "string",
      initialValue: "Call For Fast Service",
      validation: textRules(
        "Write the call button’s text, e.g. “Call For Fast Service”.",
        { max: 40, noun: "button label" },
      ),
    }),
    defineField({
      name: "rating",
      title: "Rating (0–5)",
      type: "number",
      description:
        "The score the stars show, e.g. 4.6 fills four and a half stars. Leave empty for no star row — for instance when the page shows its review score elsewhere, so a page never shows two different ratings.",
      validation: (rule) =>
        rule
          .min(0)
          .max(5)
          .precision(1)
          .error(
            "Give a score from 0 to 5, with at most one decimal (e.g. 4.6).",
          ),
    }),
    defineField({
      name: "ratingLabel",
      title: "Rating label",
      type: "string",
      description:
        "Read out to screen readers and shown beside the stars, e.g. “Rated 4.6 out of 5 by local homeowners”. A score written here must be the score above.",
      validation: (rule) =>
        rule
          .custom(
            (value, context) =>
              ratingLabelProblem(
                value,
                (context.parent as { rating?: number } | undefined)?.rating,
              ) ?? true,
          )
          .error(),
    }),
    defineField({
      name: "benefits",
      title: "Benefits",
      type: "array",
      of: [defineArrayMember({ type: "string", title: "Benefit" })],
      description: `${MIN_BENEFITS} or ${BENEFIT_COUNT} short benefits, shown as a grid under the call button.`,
      // The site's four usual promises: a new hero passes as it comes, and the editor changes what differs.
      initialValue: [...DEFAULT_BENEFITS],
      validation: listRules("benefits", {
        min: MIN_BENEFITS,
        max: BENEFIT_COUNT,
      }),
    }),
  ],
  preview: {
    select: { title: "title", subtitle: "subtitle" },
    prepare: ({ title, subtitle }) => ({
      title: title || "Hero (no headline yet)",
      subtitle: subtitle ? `Hero · ${subtitle}` : "Hero",
    }),
  },
});
