import { LinkIcon } from "@sanity/icons/Link";
import { defineField, defineType } from "sanity";
import { textRules } from "../../../web/blocks/schemaHelpers";

export const link = defineType({
  name: "link",
  title: "Link",
  type: "object",
  icon: LinkIcon,
  fields: [
    defineField({
      name: "label",
      title: "Label",
      type: "string",
      validation: textRules("Write the link’s words."),
    }),
    defineField({
      name: "href",
      title: "Address",
      type: "string",
      description:
        "A page of this site, starting with / (for example /privacy-policy), or a full https:// address.",
      validation: (rule) =>
        textRules("Write the address, e.g. /privacy-policy.")(rule).concat(
          rule
            .custom((value) =>
              typeof value !== "string" || /^(\/|https:\/\/)/.test(value)
                ? true
                : "Start the address with / for a page of this site, or with https://.",
            )
            .error(),
        ),
    }),
  ],
  preview: { select: { title: "label", subtitle: "href" } },
});
