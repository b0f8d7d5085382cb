// SPDX-License-Identifier: Apache-2.0
#include "format/object_fault.h"

namespace wpo {

std::string ObjectFault::message() const
{
    using std::to_string;
    const std::string id = "object " + to_string(name_index);
    const std::string where = " at object offset " + to_string(at);
    const std::string counter = "counter definition " + to_string(item) + " of " + id;
    const std::string instance = "instance " + to_string(item) + " of " + id;
    const std::string block = "counter block of " + (item == kSingleBlock ? id : instance);
    switch (kind) {
    case Kind::header_cut_off: return "object header needs 64 bytes, " + to_string(values[0]) + " left";
    case Kind::total_zero: return id + " has TotalByteLength 0";
    case Kind::total_beyond:
        return id + " has TotalByteLength " + to_string(values[0]) + " but only " + to_string(values[1]) +
               " bytes remain";
    case Kind::lengths_out_of_order:
        return id + " has HeaderLength " + to_string(values[0]) + ", DefinitionLength " + to_string(values[1]) +
               ", TotalByteLength " + to_string(values[2]) + "; needs 64 <= header <= definitions <= total";
    case Kind::counters_exceed:
        return id + " claims " + to_string(values[0]) + " counters in " + to_string(values[1]) +
               " bytes of definitions";
    case Kind::definition_cut_off: return counter + " lies beyond DefinitionLength" + where;
    case Kind::definition_zero: return counter + " has ByteLength 0" + where;
    case Kind::definition_length:
        return counter + " has ByteLength " + to_string(values[0]) + " outside the definitions" + where;
    case Kind::counter_in_block_header:
        return counter + " has CounterOffset " + to_string(values[0]) + " inside the counter block header" + where;
    case Kind::instances_negative: return id + " has NumInstances " + to_string(static_cast<std::int64_t>(values[0]));
    case Kind::instances_exceed:
        return id + " claims " + to_string(values[0]) + " instances in " + to_string(values[1]) + " bytes";
    case Kind::instance_cut_off: return instance + " is cut off" + where;
    case Kind::instance_zero: return instance + " has ByteLength 0" + where;
    case Kind::instance_length:
        return instance + " has ByteLength " + to_string(values[0]) + " beyond the object" + where;
    case Kind::instance_name:
        return instance + " has its name (offset " + to_string(values[0]) + ", " + to_string(values[1]) +
               " bytes) outside the instance definition" + where;
    case Kind::block_cut_off: return block + " is cut off" + where;
    case Kind::block_zero: return block + " has length 0" + where;
    case Kind::block_length: return block + " has length " + to_string(values[0]) + " beyond the object" + where;
    case Kind::block_too_short:
        return "counter data ends at byte " + to_string(values[0]) + " (counter definition " + to_string(values[2]) +
               ") but the " + block + " has " + to_string(values[1]) + where;
    }
    return id + " is malformed";
}

}  // namespace wpo
