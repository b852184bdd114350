import { BugIcon } from "@sanity/icons/Bug";
import { defineArrayMember, defineField, defineType } from "sanity";
import { textRules } from "../../../web/blocks/schemaHelpers";

export const pest = defineType({
  name: "pest",
  title: "Pest",
  type: "document",
  icon: BugIcon,
  description:
    "A pest and its photo. Pest lists and ad keywords find their photo through the match words.",
  fields: [
    defineField({
      name: "name",
      title: "Name",
      type: "string",
      validation: textRules("Write the pest’s name, e.g. “Carpenter ant”."),
    }),
    defineField({
      name: "slug",
      title: "Identifier",
      type: "slug",
      options: { source: "name" },
      validation: (rule) =>
        rule.required().error("Give the pest an identifier: press Generate."),
    }),
    defineField({
      name: "matchWords",
      title: "Match words",
      type: "array",
      of: [defineArrayMember({ type: "string", title: "Match word" })],
      options: { layout: "tags" },
      description:
        "Lower-case words that mean this pest in a keyword or pest name, singular and plural (ant, ants, carpenter ant). The longest word found in a name wins, so “carpenter bee” beats “bee”. Add Spanish or other-language words too (hormiga, ratón): accents are optional in keywords, and regular Spanish plurals (hormigas, ratones) match the singular.",
      validation: (rule) => [
        rule
          .required()
          .error("Add at least one match word, e.g. “ant” and “ants”."),
        rule
          .custom((words) =>
            !Array.isArray(words) ||
            words.every(
              (word) =>
                typeof word === "string" && word === word.trim().toLowerCase(),
            )
              ? true
              : "Write match words in lower case without leading or trailing spaces.",
          )
          .error(),
      ],
    }),
    defineField({
      name: "image",
      title: "Photo",
      type: "image",
      options: { hotspot: true },
      description:
        "Optional. Without a photo the site uses the image file below, or a drawn illustration.",
    }),
    defineField({
      name: "imageAlt",
      title: "Photo description",
      type: "string",
      description:
        "What the photo shows, for screen readers and search engines, e.g. “Carpenter ant on wood”.",
      validation: textRules(
        "Describe what the photo shows, e.g. “Carpenter ant on wood”.",
      ),
    }),
    defineField({
      name: "illustrationAlt",
      title: "Drawing description",
      type: "string",
      description:
        "What the bundled drawing of this pest shows, e.g. “Drawing of an ant seen from above”. The site shows the drawing when no photo is uploaded here and none is in the photo storage.",
      validation: (rule) =>
        rule
          .required()
          .error(
            "Describe the drawing: screen readers read it when the drawing is shown.",
          ),
    }),
    defineField({
      name: "imageFile",
      title: "Photo file name in the photo storage",
      type: "string",
      description:
        "File name without .jpg in the site’s photo storage (pest-control-images), e.g. “ant”. Mice and rats share “mouse”.",
      validation: (rule) =>
        rule
          .required()
          .regex(/^[a-z0-9-]+$/)
          .error(
            "Write the file name in lower-case letters, digits and dashes, without .jpg, e.g. “ant”.",
          ),
    }),
  ],
  preview: { select: { title: "name", subtitle: "imageFile", media: "image" } },
});
