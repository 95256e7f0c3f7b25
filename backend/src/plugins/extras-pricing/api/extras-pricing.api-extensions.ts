import gql from 'graphql-tag';

export const shopApiExtensions = gql`
    "A choice of an extra: the value to put in the order-line custom field and its gross price in grosze."
    type ExtraOption {
        value: String!
        label: String!
        price: Money!
    }

    "An extra the variant offers. The backend adds the same prices to the order line (unit price)."
    type ExtraOffer {
        "Order-line custom field that carries the choice (podszycie, kolorOkuc, odblaski, raczka, dopasowanieRozmiaru, customObwodSzyi, customObwodKlatki, dodatkowyMetr)"
        field: String!
        label: String!
        "string | int | boolean"
        type: String!
        "Gross price in grosze of the paid choice; per unit (metre) for dodatkowyMetr"
        price: Money!
        "Allowed values of a string field with their prices (0 = free, e.g. kolorOkuc srebrny)"
        options: [ExtraOption!]!
        min: Int
        max: Int
        unit: String
        "Extras of one charge group are charged once together (dopasowanie: dopasowanieRozmiaru, customObwodSzyi, customObwodKlatki)"
        chargeGroup: String
    }

    "A part of a configurable harness that takes a colour (key in the order line's configurator JSON)"
    type ConfiguratorPart {
        key: String!
        label: String!
    }

    type ConfiguratorColour {
        code: String!
        name: String!
    }

    "Pro-Fit Studio: the harness configurator of the variant's product. The order line's configurator JSON must name one of these colours for every part, plus kolorOkuc (equal to the line's kolorOkuc) and optionally imageurl (a picture of this product); anything else is refused with ORDER_INTERCEPTOR_ERROR."
    type ConfiguratorOffer {
        "guard | bezuciski"
        type: String!
        parts: [ConfiguratorPart!]!
        "The product's colours (facet kolor)"
        colours: [ConfiguratorColour!]!
    }

    extend type ProductVariant {
        "Extras this variant offers, priced as the backend charges them"
        extras: [ExtraOffer!]!
        "The harness configurator of this product (guard and Pro-Fit harnesses), else null"
        configurator: ConfiguratorOffer
    }
`;
