extension DeliveryAttributes {
    /// The longest item summary the app shows; the server truncates to it.
    public static let maximumItemSummaryLength = 120

    /// The longest note the app shows; the server truncates to it.
    public static let maximumNoteLength = 280
}
