/// Objects of a fixed shape taken apart and put together in one pass, the keys sorted and measured once
/// (`JSONKeys`): how the record types (Sources/Records) read and write their members.
extension JSONObject {
    /// An object of a fixed shape whose members are each there or not: `values` in the order `keys` were
    /// given, nil for a member that is absent.
    public init(_ keys: JSONKeys, presentValues values: [JSON?]) {
        precondition(values.count == keys.slots.count, "one value per key")
        self.init()
        members.reserveCapacity(values.count)
        for place in keys.shape.indices {
            guard let value = values[keys.given[place]] else { continue }
            var member = keys.shape[place]
            member.value = value
            members.append(member)
        }
    }

    /// The values of `keys`, in the order they were given (nil where absent), and the other members: one
    /// walk along both sorted lists, where looking each key up and removing it searched and shifted for each.
    public func splitting(_ keys: JSONKeys) -> (values: [JSON?], rest: JSONObject) {
        var values = [JSON?](repeating: nil, count: keys.slots.count)
        var rest = JSONObject()
        rest.members.reserveCapacity(members.count)
        var place = 0
        for member in members {
            while place < keys.shape.count, JSONKeyOrder.compare(keys.shape[place], member) < 0 { place += 1 }
            if place < keys.shape.count, JSONKeyOrder.compare(keys.shape[place], member) == 0 {
                values[keys.given[place]] = member.value
                place += 1
            } else {
                rest.members.append(member)
            }
        }
        return (values, rest)
    }
}
