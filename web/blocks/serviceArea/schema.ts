import { EarthAmericasIcon } from "@sanity/icons/EarthAmericas";
import { defineField, defineType } from "sanity";
import { previewWith, requiredString, textRules } from "../schemaHelpers";

export const serviceAreaSchema = defineType({
  name: "serviceArea",
  title: "Service area",
  type: "object",
  icon: EarthAmericasIcon,
  description:
    "Where providers work. Names the visitor’s city when the ad tells it.",
  fields: [
    requiredString("heading", "Heading"),
    defineField({
      name: "text",
      title: "Text (no city known)",
      type: "text",
      rows: 3,
      validation: textRules(
        "Write the text shown when the visitor’s city is not known.",
      ),
    }),
    defineField({
      name: "locationText",
      title: "Text when the city is known",
      type: "text",
      rows: 3,
      description: "Keep {city} and {state} where the names belong.",
      validation: (rule) =>
        textRules(
          "Write the text shown when the visitor’s city is known, with {city} and {state} where the names go.",
        )(rule).concat(
          rule
            .custom((value) =>
              typeof value !== "string" ||
              (value.includes("{city}") && value.includes("{state}"))
                ? true
                : "Keep both placeholders {city} and {state}.",
            )
            .error(),
        ),
    }),
  ],
  preview: previewWith("Service area"),
});
